// silent: maintainability/dead-code
function save(record, store) {
  if (!record) {
    return false;
  }
  store.put(record);
  return true;
}
