/** `npm run serve -w @shop/mf-catalog`: serve a remote's dist/ on its own port. */
import path from 'node:path';
import { envPort, listen } from '@shop/service-kit';
import { createRemoteServer } from './remoteServer';

const [dirArg = 'dist', portArg = '3001'] = process.argv.slice(2);
const dir = path.resolve(process.cwd(), dirArg);
// PORT wins over the argument; either is refused with a message unless it is a port number.
listen(createRemoteServer(dir), envPort('PORT', 0, { PORT: process.env.PORT || portArg }), process.env.HOST ?? '127.0.0.1')
  .then((running) => console.log(`Serving ${dir} at ${running.url}/ (manifest: ${running.url}/mf-manifest.json)`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
