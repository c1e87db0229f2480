import { loadConfig, resolveAppSecret } from '../src/config.ts';
import { DatabaseLockedError, openConfiguredDatabase } from '../src/db/client.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';

/** What the command-line scripts share: the server's configuration, database and secret box. */
export const openForScript = async () => {
  // npm runs workspace scripts inside apps/api; DATA_DIR=./data means the folder npm was started from.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  try {
    const database = await openConfiguredDatabase(config);
    return { config, database, secretBox: createSecretBox(resolveAppSecret(config)) };
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        `\n${error.message}\nThe embedded database opens in one process at a time, and the server holds it.` +
          '\nTo go on: stop the server (Ctrl+C in the terminal running npm start), run this command again,' +
          '\nthen start the server again with npm start. With PostgreSQL (DATABASE_URL) it runs beside the server.\n',
      );
      process.exit(1);
    }
    throw error;
  }
};

/** `--name value` pairs and bare `--flag`s. */
export const parseArguments = (argv: string[]) => {
  const values: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === undefined || !argument.startsWith('--')) continue;
    const next = argv[index + 1];
    if (next !== undefined && !next.startsWith('--')) {
      values[argument.slice(2)] = next;
      index++;
    } else values[argument.slice(2)] = true;
  }
  return values;
};
