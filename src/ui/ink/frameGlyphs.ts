// What each text of a frame goes through: its glyphs in ASCII where the locale cannot encode UTF-8
// (set by mountDeck, read by the frame composer). A module of its own: the deck sets it without
// importing the composer, which only Ink's patched output import brings into the bundle (the
// build's patch check fails when that import no longer applies).
let frameGlyphs = (text: string): string => text;

export function setFrameGlyphs(glyphs: (text: string) => string): void {
  frameGlyphs = glyphs;
}

export const glyphsOfFrame = (text: string): string => frameGlyphs(text);
