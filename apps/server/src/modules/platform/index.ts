export { healthRoutes } from './health.routes';
export { createPlatformRepository } from './platform.repository';
export { platformRoutes } from './platform.routes';
export { createPlatformService, type PlatformService } from './platform.service';
