/**
 * The Copy button beside a new API key (developer settings): copies the key's
 * text with the Clipboard API and says so in the status next to it; where the
 * browser refuses, it says to select and copy the key instead. The button is
 * `data-copy="<id of the element to copy>"`, its status `data-copy-status`.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
  const source = document.getElementById(button.dataset.copy ?? '');
  const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
  if (!source) continue;
  button.addEventListener('click', () => {
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    navigator.clipboard.writeText(source.textContent ?? '').then(
      () => say('Copied.'),
      () => say('Select the key and copy it.'),
    );
  });
}

// A module, not a global script: its names stay its own.
export {};
