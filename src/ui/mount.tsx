/**
 * Panels are Preact components; `mount` renders one into its own wrapper inside a host that
 * other panels share (the wrapper is `display: contents`, so the host's layout sees the panel).
 */
import { render, type ComponentChild } from 'preact';

export function mount(host: HTMLElement, vnode: ComponentChild, where: 'append' | 'prepend' = 'append'): () => void {
  const wrapper = document.createElement('div');
  wrapper.className = 'mount';
  if (where === 'prepend') host.prepend(wrapper);
  else host.append(wrapper);
  render(vnode, wrapper);
  return () => {
    render(null, wrapper);
    wrapper.remove();
  };
}
