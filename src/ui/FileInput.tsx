/** A hidden file input; clicking it (through its ref) opens the browser's file chooser and hands over the text. */
import type { RefObject } from 'preact';

interface Props {
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly accept: string;
  readonly testId: string;
  onText(text: string, name: string): void;
}

export function FileInput({ inputRef, accept, testId, onText }: Props) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      class="visually-hidden"
      data-testid={testId}
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        const input = e.currentTarget;
        const f = input.files?.[0];
        input.value = '';
        if (f) void f.text().then((t) => onText(t, f.name));
      }}
    />
  );
}
