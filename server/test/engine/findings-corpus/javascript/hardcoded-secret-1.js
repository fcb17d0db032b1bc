// expect: security/hardcoded-secret@4
const Stripe = require('stripe');

const stripeSecretKey = 'sk_live_51HqLyjWDarjtT1zdp7dcXYZabc123';
const stripe = new Stripe(stripeSecretKey);

module.exports = { stripe };
