export { StateFileError, isStateFileError, type StateFileErrorKind } from './errors';
export { DEFAULT_STATE_FILE_BYTES, jsonProblem, readStateFile, readStateFileSync, setStateFileLimit, stateFileLimit } from './read';
export { MEGABYTE, megabytes } from './size';
export { updateFile, updateFileSync, type Change, type UpdateOptions } from './update';
export { replaceFile, replaceFileSync, type ReplaceOptions } from './replace';
