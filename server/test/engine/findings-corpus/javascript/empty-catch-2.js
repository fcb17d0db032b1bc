// silent: best_practices/empty-catch
function readJson(fs, path) {
  let data = {};
  try {
    data = JSON.parse(fs.readFileSync(path, 'utf8'));
  } catch (e) {
    // A missing or broken file means no saved settings: start from the defaults.
  }
  return data;
}
