// expect: security/stored-xss@13
const express = require('express');
const Review = require('./models/review');

const router = express.Router();

router.get('/products/:sku/reviews', async (req, res) => {
  const reviews = await Review.find({ sku: req.params.sku }).sort({ createdAt: -1 }).limit(20);
  let list = '';
  for (const review of reviews) {
    list += '<li>' + review.stars + ' stars: ' + review.text + '</li>';
  }
  res.send('<ul class="reviews">' + list + '</ul>');
});

module.exports = router;
