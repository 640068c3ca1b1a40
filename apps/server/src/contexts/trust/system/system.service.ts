import type { Health, PublicConfig } from '@doers/contract';
import type { AuthService } from '../auth/auth.service.js';
import type { SystemRepository } from './system.repository.js';

/** /api/health for load balancers and the status screen; /api/config for the sign-up page. */
export class SystemService {
  constructor(
    private readonly deps: {
      system: SystemRepository;
      auth: AuthService;
      engine: Health['database']['engine'];
      founderInviteCode: string | undefined;
      version: string;
    },
  ) {}

  async health(): Promise<Health> {
    const started = performance.now();
    let ok = true;
    try {
      await this.deps.system.ping();
    } catch {
      ok = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return {
      status: ok ? 'ok' : 'degraded',
      database: { ok, engine: this.deps.engine, latencyMs },
      version: this.deps.version,
    };
  }

  async config(): Promise<PublicConfig> {
    const seatsLeft = await this.deps.auth.founderSeatsLeft();
    return {
      founderInviteCode: seatsLeft > 0 ? (this.deps.founderInviteCode ?? null) : null,
      founderSeatsLeft: seatsLeft,
    };
  }
}
