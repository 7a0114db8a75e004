/** /robots.txt, pre-rendered from SITE_URL at build time (a build input, like the canonical URLs). */
import type { APIRoute } from 'astro';
import { robotsTxt } from '#lib/seo/robots.ts';

export const GET: APIRoute = () => new Response(robotsTxt(), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
