export { StateFileError, isStateFileError, type StateFileErrorKind } from './errors';
export { updateFile, updateFileSync, type Change, type UpdateOptions } from './update';
