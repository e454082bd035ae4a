/** The paragraph counter's words, shared by the renderer and the runtime that keeps them current. */
export const counterText = (count: number, max: number): string => `${count} of ${max} characters`;

/** Characters as the validator counts them (code points, so an emoji is one). */
export const charactersIn = (text: string): number => [...text].length;
