// Async boundary for the standalone page: shared modules are negotiated before they are used.
import('./bootstrap');
