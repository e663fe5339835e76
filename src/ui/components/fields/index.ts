export { ChoiceField } from './ChoiceField';
export { TextField } from './TextField';
export { fieldTheme } from './theme';
export { cursorText } from './cursorText';
export { Picker } from './Picker';
