// Removes dist/ so that a build never ships files left over from an earlier layout.
require('fs').rmSync(require('path').join(__dirname, '..', 'dist'), { recursive: true, force: true });
