import { FULL_MENU, type MenuNode } from '@printloom/core';
import { QUICK_NAV_TARGETS } from '../constants.js';

function labels(nodes: readonly MenuNode[], into: Map<string, string>, parent?: string): void {
  for (const node of nodes) {
    if (node.path !== undefined)
      into.set(node.path, parent ? `${parent} › ${node.label}` : node.label);
    if (node.children) labels(node.children, into, node.label);
  }
}

/** Extra names for targets the menu does not label under that path. */
const OTHER_LABELS: Record<string, string> = {
  '/settings/account': 'Settings › My Account',
  '/sms/topup': 'SMS Top-up',
};

/** The quick-navigation targets of spec §2 with the menu's labels. */
export function quickNavOptions(): { path: string; label: string }[] {
  const names = new Map<string, string>();
  labels(FULL_MENU, names);
  return QUICK_NAV_TARGETS.map((path) => ({
    path,
    label: names.get(path) ?? OTHER_LABELS[path] ?? path,
  }));
}
