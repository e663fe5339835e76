import type { Choice } from './types';

/** Result classes of a report score. good > 79, decent 49–79, bad < 49. */
export const RESULT_CLASSES = [
  { value: 'good', label: 'Good' },
  { value: 'decent', label: 'Decent' },
  { value: 'bad', label: 'Bad' },
] as const satisfies readonly Choice<string>[];
export type ResultClass = (typeof RESULT_CLASSES)[number]['value'];
export const RESULT_CLASS_VALUES: readonly ResultClass[] = RESULT_CLASSES.map((c) => c.value);

/** Inclusive score ranges of each class, used by the emulator's `result` filter too. */
export const RESULT_RANGES: Readonly<Record<ResultClass, readonly [number, number]>> = {
  good: [80, 100],
  decent: [49, 79],
  bad: [0, 48],
};

export function classify(score: number): ResultClass {
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}

export function isResultClass(v: unknown): v is ResultClass {
  return typeof v === 'string' && (RESULT_CLASS_VALUES as readonly string[]).includes(v);
}

/** Importance of a check and the points it weighs in the score. */
export const IMPORTANCE = { high: 10, medium: 5, low: 0 } as const;
export type Importance = keyof typeof IMPORTANCE;
export const IMPORTANCE_ORDER: readonly Importance[] = ['high', 'medium', 'low'];

/** The checks a report runs, with their importance and a label. */
export const CHECKS = [
  { name: 'title', label: 'Title', importance: 'high' },
  { name: 'meta_description', label: 'Meta description', importance: 'high' },
  { name: 'headings', label: 'Headings', importance: 'high' },
  { name: 'content_keywords', label: 'Content keywords', importance: 'high' },
  { name: 'image_keywords', label: 'Image keywords', importance: 'medium' },
  { name: 'seo_friendly_url', label: 'SEO friendly URL', importance: 'high' },
  { name: '404_page', label: '404 page', importance: 'medium' },
  { name: 'robots', label: 'Robots', importance: 'medium' },
  { name: 'noindex', label: 'Noindex', importance: 'high' },
  { name: 'in_page_links', label: 'In-page links', importance: 'medium' },
  { name: 'language', label: 'Language', importance: 'medium' },
  { name: 'favicon', label: 'Favicon', importance: 'low' },
  { name: 'text_compression', label: 'Text compression', importance: 'high' },
  { name: 'load_time', label: 'Load time', importance: 'high' },
  { name: 'page_size', label: 'Page size', importance: 'medium' },
  { name: 'http_requests', label: 'HTTP requests', importance: 'medium' },
  { name: 'image_format', label: 'Image format', importance: 'low' },
  { name: 'defer_javascript', label: 'Defer JavaScript', importance: 'low' },
  { name: 'dom_size', label: 'DOM size', importance: 'low' },
  { name: 'https_encryption', label: 'HTTPS encryption', importance: 'high' },
  { name: 'plaintext_email', label: 'Plaintext email', importance: 'medium' },
  { name: 'structured_data', label: 'Structured data', importance: 'low' },
  { name: 'meta_viewport', label: 'Meta viewport', importance: 'medium' },
  { name: 'charset', label: 'Charset', importance: 'medium' },
  { name: 'sitemap', label: 'Sitemap', importance: 'low' },
  { name: 'social', label: 'Social', importance: 'low' },
  { name: 'content_length', label: 'Content length', importance: 'medium' },
  { name: 'text_html_ratio', label: 'Text/HTML ratio', importance: 'low' },
  { name: 'inline_css', label: 'Inline CSS', importance: 'low' },
  { name: 'deprecated_html_tags', label: 'Deprecated HTML tags', importance: 'low' },
] as const satisfies readonly { readonly name: string; readonly label: string; readonly importance: Importance }[];
export type CheckName = (typeof CHECKS)[number]['name'];
