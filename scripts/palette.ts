/**
 * Where each node sits in the editor's palette: one category per area of Auth0, each with an icon of
 * its own, so some sixty node types read as a handful of groups a user can scan. A node's area
 * follows from its family folder (nodes/<family>/); the build writes it into every generated node and
 * refuses a hand-written node whose category or icon differs, or a family with no area.
 */
export interface PaletteArea {
  /** The palette category (its header in the palette). */
  category: string;
  /** A Font Awesome icon Node-RED ships (`font-awesome/fa-…`). */
  icon: string;
  /** The family folders under nodes/ whose nodes sit here. */
  families: readonly string[];
}

export const PALETTE_AREAS: readonly PaletteArea[] = [
  { category: 'Auth0 users', icon: 'font-awesome/fa-users', families: ['users', 'roles', 'organizations', 'sessions', 'jobs'] },
  { category: 'Auth0 login', icon: 'font-awesome/fa-sign-in', families: ['auth'] },
  { category: 'Auth0 logs and events', icon: 'font-awesome/fa-bell', families: ['logs', 'events'] },
  { category: 'Auth0 applications', icon: 'font-awesome/fa-th-large', families: ['applications', 'connections'] },
  { category: 'Auth0 security', icon: 'font-awesome/fa-shield', families: ['security'] },
  { category: 'Auth0 extensibility', icon: 'font-awesome/fa-code', families: ['actions', 'extensibility'] },
  { category: 'Auth0 tenant', icon: 'font-awesome/fa-sliders', families: ['tenant', 'tenant-config', 'branding', 'api'] },
];

/** The area of a node family, or undefined for a family no area names (the build refuses it). */
export function paletteAreaOf(family: string): PaletteArea | undefined {
  return PALETTE_AREAS.find((area) => area.families.includes(family));
}
