/**
 * Tiny DOM builder. Text is always set with textContent: names from scenario and save files
 * are untrusted and are shown as text, never parsed as HTML.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

/** Subscribe `render` to several stores; returns one function that unsubscribes them all. */
export function watch(stores: readonly { subscribe(f: () => void): () => void }[], render: () => void): () => void {
  const offs = stores.map((s) => s.subscribe(render));
  render();
  return () => offs.forEach((f) => f());
}

/** A button with a click handler (text set as text). */
export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}
