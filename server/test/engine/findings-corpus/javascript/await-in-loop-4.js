// expect: performance/await-in-loop@5
async function uploadAll(files, upload) {
  const urls = [];
  for (let i = 0; i < files.length; i++) {
    urls.push(await upload(files[i]));
  }
  return urls;
}
