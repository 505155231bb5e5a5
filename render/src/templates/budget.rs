//! The memory budget of a render of templates given with `--templates`.
//!
//! A template can build a value far faster than fuel counts instructions (`{% set a = a ~ a
//! %}` doubles a string in one instruction; 40 of them ask for a terabyte), and the template
//! engine allocates without asking, so an allocation that fails aborts the process. Such a
//! render therefore runs on a thread of its own ([`crate::templates`]), and the process's
//! allocator ([`Budgeted`], which the `qm` binary installs around jemalloc) counts what that
//! thread holds. An allocation that would take it past its budget is never made: the thread
//! reports that it is over and stops there for good (it sleeps; the memory it holds, at most
//! the budget, stays with it), and the caller reports `template::limit`. Without [`Budgeted`]
//! as the global allocator (a library user, a test binary) the budget is not enforced.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::{Condvar, Mutex};

/// The most the budgeted renders of the process may hold together (running or stopped): one
/// render's budget (`MAX_RENDER_MEMORY`), many times what real renders hold at once (a few
/// megabytes each).
pub const MAX_HELD: usize = 256 * 1024 * 1024;

/// The most the renders stopped at their budget may keep before no render starts any more.
pub const MAX_STUCK: usize = 1024 * 1024 * 1024;

/// Bytes the running budgeted renders of the process hold together.
static HELD: AtomicIsize = AtomicIsize::new(0);
/// Bytes the renders stopped at their budget keep for good.
static STUCK: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    /// Bytes this thread holds, counted while a budget is set.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The most this thread may hold (`isize::MAX`: no budget).
    static LIMIT: Cell<isize> = const { Cell::new(isize::MAX) };
    /// Where to report that the budget is passed.
    static SIGNAL: Cell<*const Signal> = const { Cell::new(std::ptr::null()) };
}

/// A global allocator that enforces the render budget of the thread allocating, around
/// the allocator `A`.
pub struct Budgeted<A>(pub A);

// SAFETY: every call is passed on to `A` unchanged; the bookkeeping uses only constant
// thread-locals (no allocation, no destructor) and never unwinds.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Budgeted<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size() as isize);
        // SAFETY: the caller's contract, passed on.
        unsafe { self.0.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size() as isize);
        // SAFETY: the caller's contract, passed on.
        unsafe { self.0.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        charge(-(layout.size() as isize));
        // SAFETY: the caller's contract, passed on.
        unsafe { self.0.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        charge(new_size as isize - layout.size() as isize);
        // SAFETY: the caller's contract, passed on.
        unsafe { self.0.realloc(ptr, layout, new_size) }
    }
}

/// Counts `bytes` (negative: freed) against the thread's budget and the renders' shared
/// bound ([`MAX_HELD`]); stops the thread for good, before the allocation is made, when it
/// would pass either. Inlined into the allocator's calls (the binary's crate): every
/// allocation of the process passes here, almost always outside a budgeted render.
#[inline]
fn charge(bytes: isize) {
    let over = LIMIT
        .try_with(|limit| {
            if limit.get() == isize::MAX {
                return false;
            }
            LIVE.try_with(|live| {
                let now = live.get().saturating_add(bytes);
                if bytes > 0 && now > limit.get() {
                    return true;
                }
                let total = HELD
                    .fetch_add(bytes, Ordering::Relaxed)
                    .saturating_add(bytes);
                if bytes > 0 && total > MAX_HELD as isize {
                    HELD.fetch_sub(bytes, Ordering::Relaxed);
                    return true;
                }
                live.set(now);
                false
            })
            .unwrap_or(false)
        })
        .unwrap_or(false);
    if over {
        stop();
    }
}

/// What the running budgeted renders of the process hold together now.
pub fn held() -> usize {
    usize::try_from(HELD.load(Ordering::Relaxed)).unwrap_or(0)
}

/// What the renders of the process stopped at their budget keep (they never free it).
pub fn stuck() -> usize {
    usize::try_from(STUCK.load(Ordering::Relaxed)).unwrap_or(0)
}

/// Reports that the budget is passed and never returns: unwinding out of an allocator is
/// not allowed, and returning would make the allocation.
fn stop() -> ! {
    let _ = LIMIT.try_with(|l| l.set(isize::MAX));
    // What the thread holds stays with it: no longer a running render's, kept for good.
    let kept = LIVE.try_with(|l| l.replace(0)).unwrap_or(0);
    HELD.fetch_sub(kept, Ordering::Relaxed);
    STUCK.fetch_add(kept, Ordering::Relaxed);
    let signal = SIGNAL.try_with(Cell::get).unwrap_or(std::ptr::null());
    if !signal.is_null() {
        // SAFETY: set by `within` from an `Arc` the thread's closure keeps alive, and the
        // thread never gets past this point.
        unsafe { &*signal }.set(Outcome::Over);
    }
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// How a budgeted run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Still running.
    Running,
    /// Finished (its result is with the caller's own channel).
    Done,
    /// Stopped at an allocation past its budget.
    Over,
}

/// Where a budgeted thread says how it ended; the caller waits on it.
pub struct Signal {
    state: Mutex<Outcome>,
    changed: Condvar,
}

impl Default for Signal {
    fn default() -> Self {
        Self {
            state: Mutex::new(Outcome::Running),
            changed: Condvar::new(),
        }
    }
}

impl Signal {
    /// Records how the run ended (neither locking nor notifying allocates).
    pub fn set(&self, outcome: Outcome) {
        if let Ok(mut s) = self.state.lock() {
            *s = outcome;
        }
        self.changed.notify_all();
    }

    /// Waits until the run has ended.
    pub fn wait(&self) -> Outcome {
        let Ok(mut s) = self.state.lock() else {
            return Outcome::Over;
        };
        while *s == Outcome::Running {
            s = match self.changed.wait(s) {
                Ok(s) => s,
                Err(_) => return Outcome::Over,
            };
        }
        *s
    }
}

/// Runs `f` on this thread with at most `bytes` more held than when it starts, reporting to
/// `signal` if it passes that (and then never returning).
pub fn within<R>(bytes: usize, signal: &Signal, f: impl FnOnce() -> R) -> R {
    let _ = SIGNAL.try_with(|s| s.set(signal as *const Signal));
    let _ = LIVE.try_with(|l| l.set(0));
    let _ = LIMIT.try_with(|l| l.set(isize::try_from(bytes).unwrap_or(isize::MAX - 1)));
    let r = f();
    let _ = LIMIT.try_with(|l| l.set(isize::MAX));
    let _ = SIGNAL.try_with(|s| s.set(std::ptr::null()));
    // What the render still holds leaves with its result (freed by its caller, uncounted):
    // the shared bound forgets it here.
    let _ = LIVE.try_with(|l| HELD.fetch_sub(l.replace(0), Ordering::Relaxed));
    r
}

/// Lets the budgeted run on this thread (if any) hold `bytes` more from now on.
pub fn allow(bytes: usize) {
    let _ = LIMIT.try_with(|l| {
        if l.get() != isize::MAX {
            let more = isize::try_from(bytes).unwrap_or(0);
            l.set(l.get().saturating_add(more).min(isize::MAX - 1));
        }
    });
}
