// silent: performance/regex-in-loop
function highlight(text, words) {
  let out = text;
  for (const w of words) {
    out = out.replace(new RegExp(w, 'gi'), (m) => `<mark>${m}</mark>`);
  }
  return out;
}
