// The shells `sitedeck completion` writes scripts for (the command's argument choices).
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
