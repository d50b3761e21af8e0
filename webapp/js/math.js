// Card text with maths: `$…$`, `$$…$$`, `\(…\)` and `\[…\]` (as docs/cards.md defines them). When the server
// has KaTeX (Debian's libjs-katex, announced by `data-katex="on"` on <html>), formulas are typeset; otherwise the
// LaTeX is shown as written, in a monospace span. Text is only ever added as text nodes.

import { h } from "./ui.js";

const katexOn = () => document.documentElement.dataset.katex === "on";
let loading = null;

/** Loads KaTeX's script and stylesheet once (same origin, so the CSP allows them). */
function loadKatex() {
  if (!katexOn()) return Promise.resolve(null);
  if (window.katex) return Promise.resolve(window.katex);
  loading ??= new Promise((resolve) => {
    const css = h("link", { rel: "stylesheet", href: "/app/katex/katex.min.css" });
    const script = h("script", { src: "/app/katex/katex.min.js" });
    script.addEventListener("load", () => resolve(window.katex ?? null));
    script.addEventListener("error", () => resolve(null));
    document.head.append(css, script);
  });
  return loading;
}

// Display maths first, then inline; a `$` before a digit or a blank is a price, `\$` a literal dollar.
const pattern = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|(?<![\\$])\$(?![\s\d$])((?:\\\$|[^$\n])+?)\$/g;

/** Splits `text` into text and formula pieces. */
export function pieces(text) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index) });
    const display = match[1] !== undefined || match[2] !== undefined;
    out.push({ tex: match[1] ?? match[2] ?? match[3] ?? match[4], display, source: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out.map((piece) => (piece.text !== undefined ? { text: piece.text.replaceAll("\\$", "$") } : piece));
}

/** An element holding `text` with its formulas (typeset when KaTeX is there). */
export function richText(text, tag = "div", attributes = {}) {
  const element = h(tag, attributes);
  const formulas = [];
  for (const piece of pieces(text ?? "")) {
    if (piece.text !== undefined) {
      element.append(document.createTextNode(piece.text));
    } else {
      const span = h("span", { class: piece.display ? "tex display" : "tex", "aria-label": piece.tex }, piece.source);
      element.append(span);
      formulas.push({ span, piece });
    }
  }
  if (formulas.length > 0) {
    loadKatex().then((katex) => {
      if (!katex) return;
      for (const { span, piece } of formulas) {
        try {
          // render() builds DOM nodes (styles set through the CSSOM), so no inline HTML is needed; a formula KaTeX
          // cannot read stays as written (its error rendering would need an inline style attribute).
          katex.render(piece.tex, span, { displayMode: piece.display, throwOnError: true, output: "htmlAndMathml" });
          span.classList.add("typeset");
        } catch {
          span.textContent = piece.source;
        }
      }
    });
  }
  return element;
}
