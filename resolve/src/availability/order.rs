//! The order vehicles are resolved in: a relative rule copies its base's resolved entries, so
//! every base comes before the vehicles that copy it (a topological order of the graph
//! "vehicle -> its bases"). A cycle cannot be ordered: its edges are dropped and reported.

use std::collections::BTreeSet;

/// An order for resolving vehicles, and the cycles that had to be broken to find it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Order {
    /// Every vehicle index once, each after all its bases.
    pub order: Vec<usize>,
    /// The cycles, each as its vehicles in turn: each one's base is the next, the last one's
    /// base is the first. Their relative rules on each other are not applied.
    pub cycles: Vec<Vec<usize>>,
}

impl Order {
    /// True when the edge "`vehicle` copies `base`" was dropped to break a cycle.
    pub fn is_cut(&self, vehicle: usize, base: usize) -> bool {
        self.cycles
            .iter()
            .any(|c| (0..c.len()).any(|j| c[j] == vehicle && c[(j + 1) % c.len()] == base))
    }
}

/// Orders vehicles so each comes after its `bases[i]` (Kahn's algorithm). Among the vehicles
/// ready at once the lowest index goes first, so the listing order is kept wherever it
/// already puts bases first. When none is ready, the rest hold a cycle: it is recorded, its
/// edges dropped, and ordering goes on.
pub fn dependency_order(bases: &[Vec<usize>]) -> Order {
    let n = bases.len();
    let bases: Vec<Vec<usize>> = bases.iter().map(|b| distinct(b)).collect();
    let mut users = vec![Vec::new(); n];
    for (i, bs) in bases.iter().enumerate() {
        for &k in bs {
            users[k].push(i);
        }
    }
    // Bases each vehicle still waits for.
    let mut waiting: Vec<usize> = bases.iter().map(Vec::len).collect();
    let mut ready: BTreeSet<usize> = (0..n).filter(|&i| waiting[i] == 0).collect();
    let mut done = vec![false; n];
    let mut out = Order::default();
    while out.order.len() < n {
        let Some(i) = ready.pop_first() else {
            let cycle = find_cycle(&bases, &done, &out);
            // Each member's edge to the next is dropped: it waits for one base fewer.
            for &v in &cycle {
                waiting[v] -= 1;
                if waiting[v] == 0 {
                    ready.insert(v);
                }
            }
            out.cycles.push(cycle);
            continue;
        };
        done[i] = true;
        out.order.push(i);
        for &u in &users[i] {
            if !out.is_cut(u, i) {
                waiting[u] -= 1;
                if waiting[u] == 0 {
                    ready.insert(u);
                }
            }
        }
    }
    out
}

fn distinct(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// A cycle among the vehicles not yet ordered, each of which waits for a base. Walks from
/// the lowest one along its first waited-for base until a vehicle repeats.
fn find_cycle(bases: &[Vec<usize>], done: &[bool], order: &Order) -> Vec<usize> {
    let Some(mut v) = done.iter().position(|d| !d) else {
        return Vec::new();
    };
    let mut path: Vec<usize> = Vec::new();
    loop {
        if let Some(at) = path.iter().position(|&p| p == v) {
            return path.split_off(at);
        }
        path.push(v);
        let next = bases[v]
            .iter()
            .copied()
            .find(|&k| !done[k] && !order.is_cut(v, k));
        match next {
            Some(k) => v = k,
            // Unreachable while every vehicle left waits for one; stop rather than loop.
            None => return path,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_come_first_and_listing_order_is_kept_otherwise() {
        // 0 copies 1, 1 copies 2, ..., 5 copies 6: a chain listed in reverse.
        let bases: Vec<Vec<usize>> = (0..7)
            .map(|i| if i < 6 { vec![i + 1] } else { vec![] })
            .collect();
        let order = dependency_order(&bases);
        assert_eq!(order.order, vec![6, 5, 4, 3, 2, 1, 0]);
        assert!(order.cycles.is_empty());
        // Nothing depends on anything: listing order.
        assert_eq!(
            dependency_order(&[vec![], vec![], vec![]]).order,
            vec![0, 1, 2]
        );
        // 0 copies 2, 1 stands alone: 1 is ready before 2 is done.
        assert_eq!(
            dependency_order(&[vec![2], vec![], vec![]]).order,
            vec![1, 2, 0]
        );
    }

    #[test]
    fn a_cycle_is_reported_and_broken() {
        // 0 -> 1 -> 2 -> 0, and 3 copies 0; 4 copies itself.
        let order = dependency_order(&[vec![1], vec![2], vec![0], vec![0], vec![4]]);
        assert_eq!(order.cycles, vec![vec![0, 1, 2], vec![4]]);
        assert_eq!(order.order.len(), 5);
        let at = |v: usize| order.order.iter().position(|&x| x == v).unwrap();
        assert!(at(0) < at(3), "{order:?}");
        assert!(order.is_cut(2, 0) && order.is_cut(4, 4) && !order.is_cut(3, 0));
    }
}
