// expect: best_practices/empty-catch@4
function prefetch(urls) {
  for (const url of urls) {
    fetch(url).catch(() => {});
  }
}
