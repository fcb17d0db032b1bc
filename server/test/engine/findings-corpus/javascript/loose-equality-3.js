// expect: best_practices/loose-equality@3
function findById(items, id) {
  return items.filter((item) => item.id == id);
}
