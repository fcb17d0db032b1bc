// silent: performance/linear-search-in-loop
function activeOrders(orders, blockedCustomers) {
  const blocked = new Set(blockedCustomers.map((c) => c.id));
  const result = [];
  for (const order of orders) {
    if (!blocked.has(order.customerId)) {
      result.push(order);
    }
  }
  return result;
}
