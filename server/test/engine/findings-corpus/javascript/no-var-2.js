// silent: best_practices/no-var
function total(items) {
  let sum = 0;
  for (const item of items) sum += item.price * item.qty;
  return sum;
}
