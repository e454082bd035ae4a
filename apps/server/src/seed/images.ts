/** Product pictures drawn by the seed as small SVGs: nothing is downloaded. */
const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

export function productSvg(name: string, background: string, accent: string): string {
  const words = name.split(" ");
  const lines =
    words.length > 2 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [name];
  const text = lines
    .map((line, i) => `<text x="300" y="${560 + i * 44 - (lines.length - 1) * 22}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(name)}">
<rect width="600" height="600" fill="${background}"/>
<circle cx="300" cy="260" r="150" fill="${accent}" opacity="0.85"/>
<rect x="210" y="190" width="180" height="140" rx="18" fill="#fff" opacity="0.9"/>
<g font-family="system-ui, sans-serif" font-size="38" font-weight="600" fill="#1f2933">${text}</g>
</svg>`;
}
