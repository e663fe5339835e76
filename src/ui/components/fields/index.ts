export { ChoiceField, type ChoiceFieldProps } from './ChoiceField';
export { TextField, type TextFieldProps } from './TextField';
export { fieldTheme, type FieldTheme } from './theme';
export { visibleWindow } from './window';
