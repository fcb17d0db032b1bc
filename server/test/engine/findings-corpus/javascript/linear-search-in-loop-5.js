// silent: performance/linear-search-in-loop
function markRead(messages, readIds) {
  const read = new Set(readIds);
  return messages.map((m) => ({ ...m, read: read.has(m.id) }));
}
