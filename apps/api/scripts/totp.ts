// npm run totp -- SECRET: prints the current 6-digit code for an authenticator secret, for those who
// have no authenticator app at hand.
import { generateTotp } from '../src/features/accounts/totp.ts';

const secret = process.argv[2]?.replace(/\s+/g, '').toUpperCase();
if (!secret || !/^[A-Z2-7]+=*$/.test(secret)) {
  console.error('Usage: npm run totp -- SECRET   (the base32 secret shown at sign-up or by npm run demo)');
  process.exit(1);
}
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(generateTotp(secret));
console.error(`(valid for ${secondsLeft} more seconds, and one step of 30 seconds after)`);
