// The environment variables of the settings named where the settings table cannot be read: in the
// client's hints (the hosts' base URLs, the key, the body cap: src/api may not import the settings)
// and in the exit codes' words (read-only: loaded at start, before the table). The table's rows
// (src/config/settings.ts) are declared with these, so each name is still written once, below both
// (as requestDefaults.ts).
export const SETTING_ENV = {
  base_url: 'SITEDECK_BASE_URL',
  seo_base_url: 'SITEDECK_SEO_BASE_URL',
  api_key: 'SITEDECK_API_KEY',
  read_only: 'SITEDECK_READ_ONLY',
  max_body_mb: 'SITEDECK_MAX_BODY_MB',
} as const;
