// Configuration: profiles in an XDG config file (0600), environment, flags; key masking.
export * from './errors';
export * from './file';
export * from './flags';
export * from './load';
export * from './mask';
export * from './paths';
export * from './resolve';
export * from './types';
export * from './views';
export * from './settings';
export * from './demo';
export * from './commandLine';
export * from './keyCommand';
export * from './trust';
export * from './profileNames';
