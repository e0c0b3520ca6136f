/**
 * An immutable map with string keys, kept as an AVL tree: `set` and `delete` copy only the path to
 * the key (O(log n) new nodes) and share the rest, so every earlier version stays valid and a fold
 * that adds n entries costs O(n log n) instead of copying a whole Map per event (O(n²)).
 * Values come out in key order.
 */
type Node<V> = {
  readonly key: string;
  readonly value: V;
  readonly left: Tree<V>;
  readonly right: Tree<V>;
  readonly height: number;
};
type Tree<V> = Node<V> | null;

const heightOf = <V>(tree: Tree<V>) => (tree ? tree.height : 0);
const node = <V>(key: string, value: V, left: Tree<V>, right: Tree<V>): Node<V> => ({
  key,
  value,
  left,
  right,
  height: Math.max(heightOf(left), heightOf(right)) + 1,
});

/** A node over two subtrees whose heights differ by at most 2, rotated back into AVL balance. */
function balanced<V>(key: string, value: V, left: Tree<V>, right: Tree<V>): Node<V> {
  const leftHeight = heightOf(left);
  const rightHeight = heightOf(right);
  if (leftHeight > rightHeight + 1) {
    const l = left!;
    if (heightOf(l.left) >= heightOf(l.right))
      return node(l.key, l.value, l.left, node(key, value, l.right, right));
    const lr = l.right!;
    return node(lr.key, lr.value, node(l.key, l.value, l.left, lr.left), node(key, value, lr.right, right));
  }
  if (rightHeight > leftHeight + 1) {
    const r = right!;
    if (heightOf(r.right) >= heightOf(r.left))
      return node(r.key, r.value, node(key, value, left, r.left), r.right);
    const rl = r.left!;
    return node(rl.key, rl.value, node(key, value, left, rl.left), node(r.key, r.value, rl.right, r.right));
  }
  return node(key, value, left, right);
}

function insert<V>(tree: Tree<V>, key: string, value: V): Node<V> {
  if (!tree) return node(key, value, null, null);
  if (key < tree.key) return balanced(tree.key, tree.value, insert(tree.left, key, value), tree.right);
  if (key > tree.key) return balanced(tree.key, tree.value, tree.left, insert(tree.right, key, value));
  return node(key, value, tree.left, tree.right);
}

function withoutMin<V>(tree: Node<V>): { min: Node<V>; rest: Tree<V> } {
  if (!tree.left) return { min: tree, rest: tree.right };
  const { min, rest } = withoutMin(tree.left);
  return { min, rest: balanced(tree.key, tree.value, rest, tree.right) };
}

function remove<V>(tree: Tree<V>, key: string): Tree<V> {
  if (!tree) return null;
  if (key < tree.key) return balanced(tree.key, tree.value, remove(tree.left, key), tree.right);
  if (key > tree.key) return balanced(tree.key, tree.value, tree.left, remove(tree.right, key));
  if (!tree.left) return tree.right;
  if (!tree.right) return tree.left;
  const { min, rest } = withoutMin(tree.right);
  return balanced(min.key, min.value, tree.left, rest);
}

function find<V>(tree: Tree<V>, key: string): Node<V> | null {
  let at = tree;
  while (at) {
    if (key === at.key) return at;
    at = key < at.key ? at.left : at.right;
  }
  return null;
}

export class PersistentMap<V> {
  private static readonly EMPTY = new PersistentMap<never>(null, 0);
  static empty<V>(): PersistentMap<V> {
    return PersistentMap.EMPTY;
  }

  private constructor(
    private readonly root: Tree<V>,
    readonly size: number,
  ) {}

  get(key: string): V | undefined {
    return find(this.root, key)?.value;
  }

  has(key: string): boolean {
    return find(this.root, key) !== null;
  }

  /** A new map with the key set; this one is unchanged. */
  set(key: string, value: V): PersistentMap<V> {
    return new PersistentMap(insert(this.root, key, value), this.has(key) ? this.size : this.size + 1);
  }

  /** A new map without the key (this one when the key is absent). */
  delete(key: string): PersistentMap<V> {
    return this.has(key) ? new PersistentMap(remove(this.root, key), this.size - 1) : this;
  }

  /** The values in key order (an explicit stack: no recursion however many entries). */
  *values(): IterableIterator<V> {
    const stack: Node<V>[] = [];
    let at = this.root;
    while (at || stack.length) {
      while (at) {
        stack.push(at);
        at = at.left;
      }
      const next = stack.pop()!;
      yield next.value;
      at = next.right;
    }
  }

  /** The tree's height, for the balance test. */
  get depth(): number {
    return heightOf(this.root);
  }
}
