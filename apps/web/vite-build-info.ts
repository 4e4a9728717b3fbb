import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * What the about page and the request headers say about this build, fixed at build time
 * (decision 055): the version and version code from package.json (the spec's 2.6.82 / 271; bump
 * both on release), the code overridable by `SABAI_BUILD_CODE` (a CI build counter), and the
 * commit from `SABAI_BUILD_COMMIT` or git, "unknown" where neither exists (a source tarball).
 */
export function buildInfoDefines(packageJsonPath: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
    version: string;
    versionCode: number;
  };
  const code = process.env.SABAI_BUILD_CODE?.trim() || String(manifest.versionCode);
  if (!/^[0-9]{1,9}$/.test(code)) throw new Error(`SABAI_BUILD_CODE must be a whole number, got "${code}"`);
  return {
    __APP_VERSION__: JSON.stringify(manifest.version),
    __APP_VERSION_CODE__: JSON.stringify(code),
    __APP_BUILD_COMMIT__: JSON.stringify(process.env.SABAI_BUILD_COMMIT?.trim() || gitCommit()),
  };
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], {
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    return 'unknown';
  }
}
