// silent: best_practices/loose-equality
function label(kind) {
  if (typeof kind != 'string') return 'unknown';
  return kind === 'pdf' ? 'Document' : 'File';
}
