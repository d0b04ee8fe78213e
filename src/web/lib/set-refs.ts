import type { Ref } from 'react';

/** Points every ref at the node: a component's own and the one its caller passed. */
export function setRefs<T>(node: T | null, ...refs: (Ref<T> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  }
}
