// expect: security/html-injection@4
export function appendRow(table: HTMLTableElement, cells: string[]): void {
  const row = table.insertRow();
  row.outerHTML = '<tr><td>' + cells.join('</td><td>') + '</td></tr>';
}
