export { ChoiceField } from './ChoiceField';
export { TextField } from './TextField';
export { fieldTheme } from './theme';
export { Picker } from './Picker';
