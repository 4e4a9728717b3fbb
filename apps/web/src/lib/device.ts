/** What the request headers say about the device, read from the browser once. */
export interface DeviceInfo {
  deviceBrand: string;
  deviceModel: string;
  osName: string;
  systemInfo: string;
}

// Header values must be printable ASCII (fetch rejects anything else).
const asciiOnly = (value: string) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 200);

/**
 * Read once and kept until the window is resized (decision 090): every request sends it, and
 * reading the window's size lays the page out when it has changed, so reading it per request cost
 * a layout of the page being drawn each time.
 */
let kept: DeviceInfo | undefined;

export function readDeviceInfo(): DeviceInfo {
  if (!kept) {
    kept = deviceInfoNow();
    if (typeof window !== 'undefined') {
      window.addEventListener('resize', () => (kept = undefined), { once: true, passive: true });
    }
  }
  return kept;
}

function deviceInfoNow(): DeviceInfo {
  const hasWindow = typeof window !== 'undefined' && typeof navigator !== 'undefined';
  const ua = hasWindow ? navigator.userAgent : '';
  let osName = 'unknown';
  let deviceBrand = 'unknown';
  let deviceModel = 'unknown';
  if (/iPhone|iPad|iPod/.test(ua)) {
    osName = 'ios';
    deviceBrand = 'apple';
    deviceModel = /iPad/.test(ua) ? 'iPad' : 'iPhone';
  } else if (/Android/.test(ua)) {
    osName = 'android';
    const model = /Android [^;)]*;\s*([^;)]+?)(?:\s+Build\/|[;)])/.exec(ua)?.[1];
    if (model && model !== 'K') deviceModel = model;
  } else if (/Windows/.test(ua)) osName = 'windows';
  else if (/Mac OS X/.test(ua)) {
    osName = 'macos';
    deviceBrand = 'apple';
  } else if (/Linux/.test(ua)) osName = 'linux';

  const systemInfo = hasWindow
    ? {
        screenWidth: window.screen?.width,
        screenHeight: window.screen?.height,
        windowWidth: window.innerWidth,
        windowHeight: window.innerHeight,
        pixelRatio: window.devicePixelRatio,
        language: navigator.language,
        platform: osName,
      }
    : { platform: osName };

  return {
    deviceBrand: asciiOnly(deviceBrand),
    deviceModel: asciiOnly(deviceModel),
    osName,
    systemInfo: asciiOnly(JSON.stringify(systemInfo)),
  };
}
