// expect: performance/linear-search-in-loop@6
function activeOrders(orders, blockedCustomers) {
  const blocked = blockedCustomers.map((c) => c.id);
  const result = [];
  for (const order of orders) {
    if (!blocked.includes(order.customerId)) {
      result.push(order);
    }
  }
  return result;
}
