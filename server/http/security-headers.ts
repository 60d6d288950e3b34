import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * Security headers for every response. Scripts need a per-response nonce (React Router's inline scripts carry it);
 * the referrer policy keeps the origin on same-site form posts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, options: { dev: boolean }): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: !options.dev,
    contentSecurityPolicy: options.dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            formAction: ["'self'", "https://checkout.stripe.com"],
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
