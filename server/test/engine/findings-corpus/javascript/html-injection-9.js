// expect: security/html-injection@3
function showResults(query, results) {
  $('#summary').html('Results for <em>' + query + '</em>: ' + results.length);
}
