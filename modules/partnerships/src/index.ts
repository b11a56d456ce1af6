/** The partnerships module's only public door (being built). */
export {};
