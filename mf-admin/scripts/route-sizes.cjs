// Which mf-admin chunks a route downloads, with their gzip sizes (level 9, as CompressionPlugin).
// Builds in production mode. Run from mf-admin/: node scripts/route-sizes.cjs
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');

const webpack = require(
  require.resolve('webpack', { paths: [path.dirname(require.resolve('@shop/mf-config', { paths: [process.cwd()] }))] }),
);
const config = require(path.resolve('webpack.config.js'))({}, { mode: 'production' });

webpack(config, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error || stats.toString('errors-only'));
    process.exit(1);
  }
  const json = stats.toJson({ all: false, chunkGroups: true, assets: false, ids: true });
  const groups = json.namedChunkGroups;
  const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(config.output.path, file)), { level: 9 }).length;
  const filesOf = (name) => {
    const group = groups[name];
    if (!group) throw new Error(`No chunk group ${name}: ${Object.keys(groups).join(', ')}`);
    return group.assets.map((asset) => asset.name).filter((file) => /\.(js|css)$/.test(file));
  };
  const exposeGroup = Object.keys(groups).find((name) => name.includes('AdminApp'));
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const route = (label, names) => {
    const files = [...new Set(['remoteEntry.js', ...names.flatMap(filesOf)])];
    const total = files.reduce((sum, file) => sum + gzip(file), 0);
    console.log(`${label}: ${kib(total)} gzip (${files.length} files)`);
    for (const file of files) console.log(`  ${file.padEnd(48)} ${kib(gzip(file))}`);
  };
  route('/admin/login', [exposeGroup, 'admin-login']);
  route('/admin/dashboard', [exposeGroup, 'admin-layout', 'admin-dashboard']);
  route('/admin/products', [exposeGroup, 'admin-layout', 'admin-products']);
  route('+ product modal (first Add/Edit)', ['admin-product-form', 'admin-editor']);
  route('/admin/reports/category', [exposeGroup, 'admin-layout', 'admin-report-category']);
});
