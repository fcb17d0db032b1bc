// expect: best_practices/no-var@3
function total(items) {
  var sum = 0;
  for (const item of items) sum += item.price * item.qty;
  return sum;
}
