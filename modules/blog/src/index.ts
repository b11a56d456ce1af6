/** The blog module's only public door (being built). */
export {};
