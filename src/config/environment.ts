// The environment variables that choose which configuration is read, not settings of it: where the
// config file is and which of its profiles. Read before any setting (the start's cache switch, the
// loader) and named in help and messages from here; the settings' own are the rows of SETTINGS.
export const CONFIG_DIR_ENV = 'SITEDECK_CONFIG_DIR';
export const PROFILE_ENV = 'SITEDECK_PROFILE';
