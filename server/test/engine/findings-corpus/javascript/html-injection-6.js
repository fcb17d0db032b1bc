// expect: security/html-injection@5
// expect: security/html-injection@6
function printReceipt(order) {
  const w = window.open('', '_blank');
  w.document.write('<h1>Receipt</h1><p>' + order.customerName + '</p>');
  document.write('<p>Printed for ' + order.customerName + '</p>');
}
