// expect: security/xxe@5
const libxmljs = require('libxmljs');

function parseInvoice(xml) {
  const doc = libxmljs.parseXml(xml, { noent: true });
  return doc.get('//total').text();
}

module.exports = { parseInvoice };
