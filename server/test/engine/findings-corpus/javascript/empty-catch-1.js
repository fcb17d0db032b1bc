// expect: best_practices/empty-catch@6
function readJson(fs, path) {
  let data = {};
  try {
    data = JSON.parse(fs.readFileSync(path, 'utf8'));
  } catch (e) {}
  return data;
}
